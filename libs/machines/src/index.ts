export * from './service-client.machine';
