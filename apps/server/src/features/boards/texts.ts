/** The Korean texts of the boards area, exactly as docs/api.md gives them. */
export const BOARD_NOT_FOUND = '게시글이 존재하지 않습니다.';
export const INVALID_PARENT_REPLY = '상위 댓글이 존재하지 않습니다.';
export const REPLY_NOT_FOUND = '댓글이 존재하지 않습니다.';
export const REPLY_EDIT_FORBIDDEN = '댓글을 수정할 권한이 없습니다.';
export const REPLY_DELETE_FORBIDDEN = '댓글을 삭제할 권한이 없습니다.';
export const BOARD_CREATED = '게시글이 성공적으로 등록되었습니다.';
export const BOARD_UPDATED = '게시글이 성공적으로 수정되었습니다.';
export const BOARD_DELETED = '게시글이 성공적으로 삭제되었습니다.';
export const REPLY_DELETED = '댓글이 성공적으로 삭제되었습니다.';
export const CATEGORY_NOT_FOUND = '카테고리를 찾을 수 없습니다.';
export const BOARD_EDIT_NOT_FOUND = '찾을 수 없는 게시글 입니다.';
export const BOARD_EDIT_FORBIDDEN = '게시글을 수정할 권한이 없습니다.';
export const BOARD_MISSING = '게시글을 찾을 수 없습니다.';
export const BOARD_DELETE_FORBIDDEN = '게시글을 삭제할 권한이 없습니다.';
