import type { FastifyInstance } from 'fastify';
import { POOL_SIZE } from '../../db/client.js';

const KINDS = ['recruitments', 'study-groups'] as const;
/** searches of several shapes (Korean, initials, Latin): each plans its own statement */
const KEYWORDS = ['프로젝트', '스터디', 'ㅅㅌㄷ', 'React', '백엔드', '모집', 'java', '주말', '토익', '개발'];
/** the warm-up never holds readiness longer than this */
const LIMIT_MS = 30_000;

/**
 * Runs the public hot reads once through the app itself (lists, searches, popular, details of posts and boards), in
 * as many lanes as the pool has connections, so each connection has prepared their statements and the code on the
 * path is compiled before /readyz says ready; `alsoPerLane` warms what HTTP does not reach (a chat socket's sign-in).
 * Reads only: nothing is written, no view counted. The milliseconds.
 */
export async function warmUp(app: FastifyInstance, alsoPerLane: () => Promise<unknown> = async () => {}): Promise<number> {
  const started = performance.now();
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    return res.statusCode === 200 ? (res.json() as unknown) : null;
  };
  const firstId = (page: unknown) => (page as { content?: Array<{ id: number }> } | null)?.content?.[0]?.id;
  const lane = async (i: number) => {
    await alsoPerLane();
    for (const kind of i % 2 === 0 ? KINDS : [...KINDS].reverse()) {
      const page = await get(`/api/${kind}?page=${i % 5}`);
      await get(`/api/${kind}?page=0&open=true`);
      await get(`/api/${kind}/search?searchType=all&keyword=${encodeURIComponent(KEYWORDS[i % KEYWORDS.length])}`);
      await get(`/api/${kind}/popular`);
      const id = firstId(page);
      if (id !== undefined) await get(`/api/${kind}/${id}`);
    }
    const boards = await get(`/api/boards?page=${i % 5}`);
    await get(`/api/boards/popular`);
    const boardId = firstId(boards);
    if (boardId !== undefined) await get(`/api/boards/${boardId}`);
  };
  const lanes = Promise.all(Array.from({ length: POOL_SIZE }, (_, i) => lane(i))).catch((err: unknown) =>
    app.log.warn({ err }, 'warm-up: a read failed'),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([lanes, new Promise((resolve) => (timer = setTimeout(resolve, LIMIT_MS)))]);
  clearTimeout(timer);
  return Math.round(performance.now() - started);
}
