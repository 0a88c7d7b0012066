export { PublishStep } from './PublishStep';
