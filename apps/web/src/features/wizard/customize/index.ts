export { CustomizeStep } from './CustomizeStep';
export { movieAudioFor, readMusic, type WizardMusic } from './music';
export { readWatermark, type WizardWatermark, watermarkFor } from './watermark';
