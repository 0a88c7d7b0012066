/** Every table, for drizzle's relational queries and for drizzle-kit. Domains own their files. */
export * from '../accounts/tables';
export * from '../articles/tables';
export * from '../news/tables';
export * from '../notify/tables';
export * from '../presets/tables';
export * from '../projects/tables';
export * from '../public-api/tables';
export * from '../queue/tables';
export * from '../ratings/tables';
export * from '../renders/tables';
export * from '../settings/tables';
export * from '../speech/tables';
export * from '../transcription/tables';
export * from '../tutorials/tables';
export * from '../uploads/tables';
export * from '../video-sites/tables';
export * from '../webhooks/tables';
