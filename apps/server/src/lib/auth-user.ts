/** The signed-in user a request or a chat socket acts as (HTTP: request-auth.ts, sockets: realtime/auth.ts). */
export interface AuthUser {
  id: number;
  /** null for an account made with another sign-in that has not set one (docs/api.md §10.3) */
  loginId: string | null;
  nickname: string;
  /** when the account was made (the HTTP auth hook reads it with the user; the new-account limits use it) */
  createdAt?: Date;
}
