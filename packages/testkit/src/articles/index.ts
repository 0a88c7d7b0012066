export * from './brave';
export * from './datamuse';
export * from './fake-server';
export * from './google-news';
export * from './serpapi';
export * from './suggest';
export * from './wikipedia';
