/**
 * Fills a database with realistic Korean data for load tests, in a few bulk INSERT ... SELECT statements.
 *
 *   DATABASE_URL=postgres://... npm run seed      (or DATA_DIR=./data-bench for PGlite)
 *   SEED_USERS=5000 SEED_POSTS=100000 SEED_RESET=1 (defaults; RESET empties the seeded tables first)
 *
 * Every seeded user can log in with the password `password123!` (login ids bench_1, bench_2, ...).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '@app/server/src/db/client.js';
import { migrate } from '@app/server/src/db/migrate.js';
import { ensureSystemUser } from '@app/server/src/features/account/service.js';
import { hashPassword } from '@app/server/src/lib/password.js';

const USERS = Number(process.env.SEED_USERS ?? 5000);
const POSTS = Number(process.env.SEED_POSTS ?? 100_000);
const RESET = process.env.SEED_RESET !== '0';

const arr = (items: string[]) => sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);
/** items[(expr) mod n], 1-based for SQL arrays */
const pick = (items: string[], expr: string) => sql`(${arr(items)})[1 + ((${sql.raw(expr)}) % ${items.length})]`;

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '하은',
  '지호',
  '수아',
  '예준',
  '지민',
  '현우',
  '서진',
  '유나',
  '건우',
  '채원',
  '준서',
  '다은',
];
const SUBJECTS = [
  'React',
  'Spring Boot',
  'Flutter',
  '파이썬',
  '자바',
  '알고리즘',
  '머신러닝',
  '게임 개발',
  '블록체인',
  '데이터 분석',
  'iOS 앱',
  '안드로이드',
  'Node.js',
  '리액트 네이티브',
  '정보처리기사',
  '토익',
  'SQL',
  '클라우드',
  'DevOps',
  'UX 디자인',
];
const KINDS_OF_WORK = [
  '프로젝트 팀원 모집합니다',
  '사이드 프로젝트 함께해요',
  '스터디원 구해요',
  '해커톤 팀 구합니다',
  '포트폴리오 프로젝트',
  '공모전 준비 팀',
  '주말 스터디',
  '온라인 모각코',
  '창업 아이디어 실현',
  '오픈소스 기여 모임',
];
const TOPICS = ['웹 개발', '모바일', '인공지능', '게임', '자격증', '어학', '알고리즘', '데이터', '디자인', '기타'];
const SENTENCES = [
  '함께 성장할 팀원을 찾고 있습니다.',
  '주 2회 온라인으로 회의를 진행합니다.',
  '초보자도 환영합니다.',
  '깃허브로 코드 리뷰를 합니다.',
  '매주 토요일 오후에 강남역 근처에서 모입니다.',
  '완주를 목표로 꾸준히 참여할 분을 원합니다.',
  '디스코드로 소통합니다.',
  '기획부터 배포까지 경험해 볼 수 있습니다.',
  '관심 있으신 분은 편하게 지원해주세요.',
  '실력보다 성실함을 중요하게 생각합니다.',
  '결과물은 포트폴리오로 활용할 수 있습니다.',
  '노션으로 일정을 관리합니다.',
];
const TAGS = [
  'React',
  'TypeScript',
  'Java',
  'Spring',
  'Python',
  'Django',
  'Kotlin',
  'Swift',
  'Figma',
  'AWS',
  'Docker',
  'MySQL',
  'Vue',
  'Go',
  '초보환영',
];
const FIELDS = ['백엔드', '프론트엔드', '모바일', '디자인', '기획', '데이터', '인공지능', '게임'];

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`${label.padEnd(28)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function reset(db: Db) {
  await db.execute(sql`DELETE FROM group_members`);
  await db.execute(sql`DELETE FROM groups`);
  await db.execute(sql`DELETE FROM view_records WHERE target_kind = 'POST'`);
  await db.execute(sql`DELETE FROM messages WHERE receiver_id IN (SELECT id FROM users WHERE login_id LIKE 'bench\\_%')`);
  await db.execute(sql`DELETE FROM base_posts`);
  await db.execute(sql`DELETE FROM application_profiles WHERE user_id IN (SELECT id FROM users WHERE login_id LIKE 'bench\\_%')`);
}

async function seedUsers(db: Db, passwordHash: string) {
  const nickname = sql`${pick(SURNAMES, 'g')} || ${pick(GIVEN, 'g / 15')} || g`;
  await db.execute(sql`
    INSERT INTO users (login_id, password_hash, email, phone_number, nickname, created_at, updated_at)
    SELECT 'bench_' || g, ${passwordHash}, 'bench' || g || '@example.com', '010' || lpad(g::text, 8, '0'),
           ${nickname}, now() - interval '400 days', now() - interval '400 days'
    FROM generate_series(1, ${USERS}) g
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO application_profiles (user_id, contact, field, tech_stacks, created_at, updated_at)
    SELECT u.id, CASE WHEN u.id % 4 = 0 THEN '비공개' ELSE u.phone_number END, ${pick(FIELDS, 'u.id')},
           ARRAY[${pick(TAGS, 'u.id')}, ${pick(TAGS, 'u.id + 5')}], now(), now()
    FROM users u WHERE u.login_id LIKE 'bench\\_%' AND u.id % 10 < 7
    ON CONFLICT DO NOTHING`);
}

/**
 * Posts alternate kinds; one every 5 minutes back from now, so the newest are open and the oldest past due,
 * and stored inactive as the nightly job leaves them (else the server's start-up catch-up rewrites ~93,000 rows).
 */
async function seedPosts(db: Db, userIds: { min: number; count: number }) {
  const description = sql`${pick(SENTENCES, 'g')} || ' ' || ${pick(SENTENCES, 'g / 12 + 3')} || E'\n' || ${pick(SENTENCES, 'g / 7 + 5')} || ' ' || ${pick(SUBJECTS, 'g / 3')} || ' 경험이 있으면 좋아요.'`;
  await db.execute(sql`
    INSERT INTO base_posts (kind, creator_id, title, description, topic, total_members, current_members, due_date,
                            start_date, end_date, inactive, views, created_at, updated_at)
    SELECT CASE WHEN g % 2 = 0 THEN 'RECRUITMENT' ELSE 'STUDY_GROUP' END,
           ${userIds.min} + (g * 7) % ${userIds.count},
           ${pick(SUBJECTS, 'g')} || ' ' || ${pick(KINDS_OF_WORK, 'g / 20')} || ' ' || g,
           ${description},
           ${pick(TOPICS, 'g / 2')},
           2 + g % 9, 1 + (g % 9) / 3,
           (c.at AT TIME ZONE 'Asia/Seoul')::date + (7 + g % 40),
           CASE WHEN g % 2 = 1 THEN (c.at AT TIME ZONE 'Asia/Seoul')::date + (10 + g % 40) END,
           CASE WHEN g % 2 = 1 THEN (c.at AT TIME ZONE 'Asia/Seoul')::date + (70 + g % 40) END,
           g % 17 = 0 OR (c.at AT TIME ZONE 'Asia/Seoul')::date + (7 + g % 40) < (now() AT TIME ZONE 'Asia/Seoul')::date,
           (g * 7919) % 613, c.at, c.at
    FROM generate_series(1, ${POSTS}) g
    CROSS JOIN LATERAL (SELECT now() - (${POSTS} - g) * interval '5 minutes' AS at) c`);
  await db.execute(sql`
    INSERT INTO post_tags (post_id, position, name)
    SELECT p.id, pos, ${pick(TAGS, 'p.id + pos * 4')}
    FROM base_posts p CROSS JOIN generate_series(0, 2) pos
    WHERE p.kind = 'RECRUITMENT' AND (p.id + pos) % 4 <> 0`);
}

async function seedApplications(db: Db, userIds: { min: number; count: number }) {
  await db.execute(sql`
    INSERT INTO applications (post_id, applicant_id, status, applied_at, decided_at)
    SELECT p.id, ${userIds.min} + ((p.id * 7) % ${userIds.count} + k * 131) % ${userIds.count},
           CASE WHEN k = 1 THEN 'APPROVED' WHEN (p.id + k) % 3 = 0 THEN 'REJECTED' ELSE 'PENDING' END,
           p.created_at + k * interval '1 hour',
           CASE WHEN k = 1 OR (p.id + k) % 3 = 0 THEN p.created_at + interval '1 day' END
    FROM base_posts p CROSS JOIN generate_series(1, 3) k
    WHERE p.current_members > 1 OR p.id % 3 = 0
    ON CONFLICT DO NOTHING`);
}

async function main() {
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data-bench');
  if (!url) mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase(url ? { url } : { dataDir });
  console.log(`seeding ${url ? 'PostgreSQL' : `PGlite under ${dataDir}`}: ${USERS} users, ${POSTS} posts`);
  const db = database.db;
  await timed('migrate', () => migrate(db));
  await ensureSystemUser(db);
  if (RESET) await timed('reset', () => reset(db));
  const passwordHash = await hashPassword('password123!');
  await timed('users + profiles', () => seedUsers(db, passwordHash));
  const [range] = await queryRows<{ min: number; count: number | string }>(
    db,
    sql`SELECT min(id) AS min, count(*) AS count FROM users WHERE login_id LIKE 'bench\\_%'`,
  );
  const userIds = { min: range.min, count: Number(range.count) };
  await timed('posts + tags', () => seedPosts(db, userIds));
  await timed('applications', () => seedApplications(db, userIds));
  // VACUUM sets the visibility map, so index-only scans work at once, as autovacuum would in production.
  await timed('vacuum analyze', () => db.execute(sql`VACUUM ANALYZE`));
  // The load's pages written out now, not by a checkpoint in the middle of a measurement: its final fsync of
  // hundreds of MB held commits back for 150-450 ms (a server under steady traffic checkpoints a few MB).
  if (database.kind === 'postgres') await timed('checkpoint', () => db.execute(sql`CHECKPOINT`));
  const [counts] = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM base_posts) AS posts,
               (SELECT count(*) FROM post_tags) AS tags, (SELECT count(*) FROM applications) AS applications`,
  );
  console.log('rows:', counts);
  await database.close();
}

await main();
