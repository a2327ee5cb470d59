/** The signed-in user a request or a chat socket acts as (HTTP: request-auth.ts, sockets: realtime/auth.ts). */
export interface AuthUser {
  id: number;
  loginId: string;
  nickname: string;
}
