// Jest setup file of the `<service>:postgresql` e2e projects and the `<name>:medium:postgresql` projects (see service-jest-config.ts).
process.env.SIMSVC_TEST_BACKEND = 'postgresql';

export {};
