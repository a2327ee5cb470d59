import { boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const applicationProfiles = pgTable('application_profiles', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  contact: text('contact').notNull(),
  field: text('field').notNull(),
  techStacks: text('tech_stacks').array().notNull().default([]),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type ProfileRow = typeof applicationProfiles.$inferSelect;

export type PostKind = 'RECRUITMENT' | 'STUDY_GROUP';

/** Recruitments and study groups in one id space (docs/api.md §2.1); start/end dates are study-only. */
export const basePosts = pgTable('base_posts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').$type<PostKind>().notNull(),
  creatorId: integer('creator_id')
    .notNull()
    .references(() => users.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  topic: text('topic').notNull(),
  totalMembers: integer('total_members').notNull(),
  currentMembers: integer('current_members').notNull().default(1),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  inactive: boolean('inactive').notNull().default(false),
  views: integer('views').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** docs/api.md §10.4: set while hidden; the operator's note, or null when hidden by reports */
  hiddenAt: ts('hidden_at'),
  hiddenReason: text('hidden_reason'),
});
export type PostRow = typeof basePosts.$inferSelect;

export const postTags = pgTable(
  'post_tags',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => basePosts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
);

export type ApplicationStatusValue = 'PENDING' | 'APPROVED' | 'REJECTED';

export const applications = pgTable('applications', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  postId: integer('post_id')
    .notNull()
    .references(() => basePosts.id, { onDelete: 'cascade' }),
  applicantId: integer('applicant_id')
    .notNull()
    .references(() => users.id),
  status: text('status').$type<ApplicationStatusValue>().notNull().default('PENDING'),
  appliedAt: ts('applied_at').notNull(),
  decidedAt: ts('decided_at'),
});
export type ApplicationRow = typeof applications.$inferSelect;

export const groups = pgTable('groups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  postId: integer('post_id')
    .notNull()
    .references(() => basePosts.id),
  name: text('name').notNull(),
  description: text('description').notNull(),
  type: text('type').$type<'PROJECT' | 'STUDY_GROUP'>().notNull(),
  status: text('status').$type<'ACTIVE' | 'COMPLETED'>().notNull().default('ACTIVE'),
  createdAt: ts('created_at').notNull(),
  /** docs/api.md §10.2; migration 0017 */
  completedAt: ts('completed_at'),
  summary: text('summary'),
  resultUrl: text('result_url'),
  showcase: boolean('showcase').notNull().default(false),
});
export type GroupRow = typeof groups.$inferSelect;

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<'ADMIN' | 'MEMBER'>().notNull(),
    joinedBy: text('joined_by').$type<'CREATION' | 'INVITE'>().notNull(),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);
export type GroupMemberRow = typeof groupMembers.$inferSelect;
