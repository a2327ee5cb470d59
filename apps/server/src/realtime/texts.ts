/** The realtime Korean texts (docs/api.md §5); † are our choices. */
export const STOMP_TEXTS = {
  loginRequired: '로그인이 필요합니다.',
  originRefused: '허용되지 않은 출처입니다.',
  unsupportedCommand: '지원하지 않는 명령입니다.',
  unsupportedDestination: '지원하지 않는 경로입니다.',
  frameTooLarge: '메시지가 너무 큽니다.',
  rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  serverError: '서버 오류가 발생했습니다.',
  notFound: '요청한 리소스를 찾을 수 없습니다.',
  /** † a frame that breaks the STOMP grammar */
  malformedFrame: '프레임 형식이 올바르지 않습니다.',
  /** † a frame other than CONNECT/STOMP before CONNECT */
  connectFirst: '먼저 CONNECT 프레임을 보내야 합니다.',
  /** † accept-version without 1.2 */
  unsupportedVersion: 'STOMP 1.2만 지원합니다.',
  /** † CONNECT twice */
  alreadyConnected: '이미 연결되어 있습니다.',
  /** † the 21st subscription of a session */
  tooManySubscriptions: '구독은 연결당 최대 20개까지 가능합니다.',
  /** † a SUBSCRIBE or UNSUBSCRIBE without its required headers */
  missingHeader: '필수 헤더가 없습니다.',
  /** † the instance is stopping (a deploy): the client connects again, to another instance */
  moving: '서버를 옮기는 중입니다. 잠시 후 다시 연결됩니다.',
} as const;

export class StompError extends Error {}
