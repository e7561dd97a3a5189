export * from './infra';
export * from './identities';
export * from './requests';
export * from './mail';
export * from './services';
export * from './agency-clients';
