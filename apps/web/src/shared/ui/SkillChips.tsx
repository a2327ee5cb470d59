/** Tech stacks as small rounded chips (profile card, applicant cards). */
export function SkillChips({ skills, testId }: { skills: string[]; testId?: string }) {
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid={testId}>
      {skills.map((s) => (
        <li key={s} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs text-indigo-700">
          {s}
        </li>
      ))}
    </ul>
  );
}
