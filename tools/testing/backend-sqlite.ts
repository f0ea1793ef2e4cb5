process.env.SIMSVC_TEST_BACKEND = 'sqlite';
