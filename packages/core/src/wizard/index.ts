export * from './api';
export * from './article-text';
export * from './keywords';
export * from './listicle';
export * from './quiz';
export * from './schema';
export * from './slides';
export * from './summarise';
