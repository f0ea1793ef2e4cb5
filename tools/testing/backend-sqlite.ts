// Jest setup file of the `<service>:sqlite` e2e projects and the `<name>:medium:sqlite` projects (see service-jest-config.ts).
process.env.SIMSVC_TEST_BACKEND = 'sqlite';

export {};
