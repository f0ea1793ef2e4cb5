process.env.SIMSVC_TEST_BACKEND = 'postgresql';
