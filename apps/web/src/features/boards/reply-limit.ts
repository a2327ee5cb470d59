import { fromContract } from '../../shared/ui/text-limit';

/** A reply's limit and the contract's text past it (the board pages are public: the text is read when first needed). */
export const REPLY_MAX = 500;
export const REPLY_TOO_LONG = fromContract((c) => c.REPLY_CONTENT_TOO_LONG);
