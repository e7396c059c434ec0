export * from './persisted';
export * from './service-client.machine';
export * from './system-status.machine';
export * from './release-status.machine';
export * from './migration.machine';
export * from './run.machine';
