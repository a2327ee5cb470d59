import { MESSAGE_NOT_FOUND_TEXT } from '@app/contract';
import { NotFound } from '../../lib/errors.js';

/**
 * Only the receiver may see or delete a 쪽지. The rule is part of each query (receiver_id = caller),
 * and anyone else gets exactly the answer of a missing one (docs/api.md §8.14).
 */
export const messageNotFound = () => new NotFound(MESSAGE_NOT_FOUND_TEXT);
