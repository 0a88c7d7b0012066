export * from './openai-provider';
