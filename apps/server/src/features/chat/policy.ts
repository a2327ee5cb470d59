export interface Membership {
  role: 'ADMIN' | 'MEMBER';
}

export const isGroupAdmin = (m: Membership): boolean => m.role === 'ADMIN';
