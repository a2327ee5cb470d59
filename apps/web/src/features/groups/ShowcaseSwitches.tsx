import { useState } from 'react';
import { Link } from 'react-router';
import { Switch } from '../../shared/ui/Switch';
import { failureText } from './api';
import { useGroupSwitch, useShowcaseState } from './teams-api';

const CONSENT_LABEL = '내 닉네임을 쇼케이스에 표시';

/** A group switch (my consent, or the admin's showcase) with its hint; it moves at once and says why a save failed. */
export function GroupSwitch(props: { groupId: number; which: 'consent' | 'showcase'; on: boolean; label: string; hint: string }) {
  const { groupId, which, on, label, hint } = props;
  const save = useGroupSwitch(groupId, which);
  const [error, setError] = useState<string | null>(null);
  // a failed save goes back to what the server holds
  const shown = save.isPending ? save.variables : on;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-1">
        <div className="flex min-w-0 flex-col">
          <span className="text-sm font-medium text-gray-800">{label}</span>
          <span className="text-xs text-gray-600">{hint}</span>
        </div>
        <Switch
          label={label}
          on={shown}
          disabled={save.isPending}
          onChange={(next) => {
            setError(null);
            save.mutate(next, { onError: (e) => setError(failureText(e, `${label} 설정을 저장하지 못했습니다.`)) });
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** My consent switch, for a member now or at completion. */
export function ConsentSwitch({ groupId, on }: { groupId: number; on: boolean }) {
  return (
    <GroupSwitch
      groupId={groupId}
      which="consent"
      on={on}
      label={CONSENT_LABEL}
      hint="쇼케이스가 공개되어 있으면 팀원 목록에 내 닉네임이 나옵니다. 언제든 끌 수 있어요."
    />
  );
}

/**
 * 쇼케이스 on the 팀원 평가 page: my consent and, while the showcase is shown, a link to it. A member who has left
 * the group can no longer open the group page, and this is where they still reach the switch. Nothing for someone
 * who was not a member at completion.
 */
export function MyShowcaseConsent({ groupId }: { groupId: number }) {
  const state = useShowcaseState(groupId).data;
  if (!state || state.consent === null) return null;
  return (
    <section className="card flex flex-col gap-2 p-4" aria-labelledby="my-showcase-heading" data-testid="my-showcase">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-showcase-heading" className="text-lg font-semibold">
          쇼케이스
        </h2>
        {state.showcase ? (
          <Link
            to={`/showcase/${groupId}`}
            className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline"
          >
            쇼케이스 보기
          </Link>
        ) : (
          <span className="text-sm text-gray-600">지금은 공개되지 않았어요</span>
        )}
      </div>
      <ConsentSwitch groupId={groupId} on={state.consent} />
    </section>
  );
}
