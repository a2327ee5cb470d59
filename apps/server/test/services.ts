/**
 * Throwaway PostgreSQL and Redis servers for the tests that stop and start them (the outage tests, the chat gap
 * fill): one implementation with `npm test`, which starts the same servers for the PostgreSQL pass and the Redis tests.
 * A missing binary fails the test with the command that installs it.
 */
export { freePort, startPostgres, startRedis, type PostgresCluster, type RedisServer } from '../../../scripts/services.mjs';
