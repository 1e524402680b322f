import { useId, useState, type FormEvent } from 'react';
import {
  PARTS_OF_ROLE,
  TEAM_PART_LABELS,
  type Team,
  type TeamMember,
  type TeamPart,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../common/api/query-client';
import { EmailText } from '../../common/components/email-text';
import { FormActions } from '../../common/components/fields';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { isStaff, ROLE_LABELS } from '../../common/routes';
import { useSession } from '../../common/session';
import { teamPeopleQuery, teamQuery, useReplaceTeam } from '../team-api';
import { NamedButton } from '../../common/components/named-button';
import './hiring-team.css';

type Draft = Omit<TeamMember, 'isActive'>;

/** The team as listed, read only: what a hiring manager sees of their opening's team. */
function TeamTable({
  members,
  caption,
  onPart,
  onRemove,
}: {
  members: readonly Draft[];
  caption: string;
  onPart?: (userId: number, part: TeamPart) => void;
  onRemove?: (member: Draft) => void;
}) {
  if (members.length === 0)
    return <p className="rc-muted">No one is on this opening’s team yet.</p>;
  return (
    <table className="rc-table rc-team__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">Account</th>
          <th scope="col">Part</th>
          {onRemove ? (
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.userId}>
            <td data-label="Person">
              <strong>{member.name}</strong>
              <EmailText className="rc-sub" email={member.email} />
            </td>
            <td data-label="Account">{ROLE_LABELS[member.role]}</td>
            <td data-label="Part">
              {onPart ? (
                <select
                  aria-label={`Part of ${member.name}`}
                  value={member.part}
                  onChange={(event) => onPart(member.userId, event.target.value as TeamPart)}
                >
                  {PARTS_OF_ROLE[member.role].map((part) => (
                    <option key={part} value={part}>
                      {TEAM_PART_LABELS[part]}
                    </option>
                  ))}
                </select>
              ) : (
                TEAM_PART_LABELS[member.part]
              )}
            </td>
            {onRemove ? (
              <td data-label="Remove" className="rc-actions">
                <NamedButton label="Remove" name={member.name} onClick={() => onRemove(member)} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An admin's or recruiter's team: add people with their part, change it, remove them, save. */
function TeamEditor({ jobId, team }: { jobId: number; team: Team }) {
  const [draft, setDraft] = useState<Draft[]>(() => team.members);
  const [adding, setAdding] = useState({ userId: '', part: '' });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const people = useQuery(teamPeopleQuery);
  const saving = useReplaceTeam(jobId);
  const ids = useId();
  const choices = (people.data ?? []).filter((p) => !draft.some((m) => m.userId === p.userId));
  const chosen = choices.find((p) => String(p.userId) === adding.userId);
  const parts = chosen ? PARTS_OF_ROLE[chosen.role] : [];
  const change = (next: Draft[]) => {
    setDraft(next);
    setDone(null);
  };

  const add = () => {
    if (!chosen) return;
    const part = parts.find((p) => p === adding.part) ?? parts[0];
    if (!part) return;
    change([...draft, { ...chosen, part }]);
    setAdding({ userId: '', part: '' });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (saving.isPending) return;
    setError(null);
    saving.mutate(
      { members: draft.map(({ userId, part }) => ({ userId, part })) },
      {
        onSuccess: (saved) => {
          setDraft(saved.members);
          setDone('Team saved.');
        },
        onError: (failure) => setError(failureText(failure, 'The team was not saved.')),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <TeamTable
        members={draft}
        caption="The hiring team"
        onPart={(userId, part) =>
          change(draft.map((m) => (m.userId === userId ? { ...m, part } : m)))
        }
        onRemove={(member) => change(draft.filter((m) => m.userId !== member.userId))}
      />
      <fieldset className="rc-team__add">
        <legend>Add a person</legend>
        <Pending query={people} what="the people" />
        <div className="rc-field">
          <label htmlFor={`${ids}-person`}>Person</label>
          <select
            id={`${ids}-person`}
            value={adding.userId}
            onChange={(event) => setAdding({ userId: event.target.value, part: '' })}
          >
            <option value="">Choose a person</option>
            {choices.map((person) => (
              <option key={person.userId} value={person.userId}>
                {person.name} ({ROLE_LABELS[person.role]})
              </option>
            ))}
          </select>
        </div>
        <div className="rc-field">
          <label htmlFor={`${ids}-part`}>Part</label>
          <select
            id={`${ids}-part`}
            value={adding.part || parts[0] || ''}
            disabled={!chosen}
            onChange={(event) => setAdding({ ...adding, part: event.target.value })}
          >
            {parts.map((part) => (
              <option key={part} value={part}>
                {TEAM_PART_LABELS[part]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button button--secondary" onClick={add}>
          Add to team
        </button>
      </fieldset>
      {error ? <ErrorNote message={error} /> : null}
      <FormActions submit="Save team" busy={saving.isPending} />
      <DoneNote>{done}</DoneNote>
    </form>
  );
}

/**
 * An opening's hiring team (docs/recruiters.md, "Hiring team"): admins and recruiters edit it,
 * a hiring manager reads it. Its own section of the opening's page.
 */
export function HiringTeam({ jobId }: { jobId: number }) {
  const staff = isStaff(useSession().user.role);
  const team = useQuery(teamQuery(jobId));
  return (
    <section className="rc-card rc-team" aria-labelledby="hiring-team-heading">
      <h2 id="hiring-team-heading">Hiring team</h2>
      <p className="rc-muted">
        Hiring managers work on this opening’s applicants; interviewers see only those they
        interview.
      </p>
      <Pending query={team} what="the hiring team" />
      {team.data ? (
        staff ? (
          <TeamEditor jobId={jobId} team={team.data} />
        ) : (
          <TeamTable members={team.data.members} caption="The hiring team" />
        )
      ) : null}
    </section>
  );
}
