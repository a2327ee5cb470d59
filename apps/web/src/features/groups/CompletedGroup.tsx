import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../shared/lib/format';
import { WindowDday } from './ReviewWindow';
import { ConsentSwitch, GroupSwitch } from './ShowcaseSwitches';
import { useShowcaseState, windowEnd, type GroupFinish } from './teams-api';

interface Props {
  groupId: number;
  finish: GroupFinish & { completedDateTime: string };
  admin: boolean;
}

/**
 * A completed group's state on its page: 완료됨, the date, the summary and the result link; 팀원 평가 with the
 * window's D-day; my consent to be named on the showcase, and for the admin the showcase itself.
 */
export function CompletedGroup({ groupId, finish, admin }: Props) {
  const end = windowEnd(finish.completedDateTime);
  const showcase = useShowcaseState(groupId).data;
  return (
    <section className="card flex flex-col gap-3 p-3 sm:p-5" aria-labelledby="completed-heading" data-testid="completed-group">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="completed-heading" className="text-lg font-semibold">
          결과
        </h2>
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">완료됨</span>
        <span className="text-sm text-gray-600" title={formatDateTime(finish.completedDateTime)}>
          {formatDate(finish.completedDateTime)} 완료
        </span>
      </div>
      {finish.summary && <p className="whitespace-pre-wrap break-words text-gray-800">{finish.summary}</p>}
      {finish.resultUrl && (
        <a
          href={finish.resultUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="w-fit max-w-full truncate font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          결과 보기: {finish.resultUrl}
        </a>
      )}
      <Link
        to={`/groups/${groupId}/reviews`}
        className="flex items-center justify-between gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2.5 hover:bg-indigo-100"
      >
        <span className="flex flex-col">
          <span className="font-semibold text-indigo-800">팀원 평가</span>
          <span className="text-xs text-gray-600">{formatDateTime(end)}까지 함께한 팀원을 평가할 수 있어요.</span>
        </span>
        <WindowDday end={end} />
      </Link>
      {showcase && showcase.consent !== null && <ConsentSwitch groupId={groupId} on={showcase.consent} />}
      {admin && showcase && (
        <GroupSwitch
          groupId={groupId}
          which="showcase"
          on={showcase.showcase}
          label="쇼케이스에 공개"
          hint="끄면 쇼케이스 페이지가 바로 내려갑니다."
        />
      )}
      <p className="text-xs text-gray-600">
        완료된 그룹은 초대, 추방, 그룹 삭제를 할 수 없어요. 공개를 멈추려면 쇼케이스를 끄면 됩니다.
      </p>
    </section>
  );
}
