import type { AuthUser } from '../../lib/auth-user.js';
import { isAuthor } from '../posts/policy.js';

/** Only the post's author lists applicants and decides them (docs/api.md §8.12). */
export const canReviewApplicants = (user: AuthUser, post: { creatorId: number }) => isAuthor(user, post);
export const canDecideApplication = canReviewApplicants;
/** Nobody applies to their own post. */
export const isOwnPost = isAuthor;
