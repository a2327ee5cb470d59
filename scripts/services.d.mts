export declare const INSTALL_HINT: string;
export declare function freePort(): Promise<number>;
export declare function findPostgresBin(): string | null;
export declare function hasRedisServer(): boolean;

export interface PostgresCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}
export declare function startPostgres(options?: { database?: string; fsync?: boolean }): Promise<PostgresCluster>;

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): void;
}
export declare function startRedis(): Promise<RedisServer>;
