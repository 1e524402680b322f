// An opening's hiring team: who works on it, in which part (docs/recruiters.md, "Hiring team").
import { z } from './zod-setup';
import { userRoleSchema, type UserRole } from './console-users';

export const teamPaths = {
  /** GET/PUT an opening's hiring team (PUT replaces it). */
  team: '/recruiters/jobs/:id/team',
  /** GET the active accounts a team may name (admins and recruiters choose from them). */
  people: '/recruiters/team-people',
} as const;

/** A person's part on one opening's team: one part per person per opening. */
export const teamPartSchema = z.enum(['recruiter', 'hiring_manager', 'interviewer']);
export type TeamPart = z.infer<typeof teamPartSchema>;

export const TEAM_PART_LABELS: Record<TeamPart, string> = {
  recruiter: 'Recruiter',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
};

/**
 * The parts an account's role may take on a team: admins and recruiters any; a hiring manager
 * hiring manager or interviewer; an interviewer only interviewer; compliance and editors none
 * (they work with no applicant).
 */
export const PARTS_OF_ROLE: Record<UserRole, readonly TeamPart[]> = {
  admin: teamPartSchema.options,
  recruiter: teamPartSchema.options,
  hiring_manager: ['hiring_manager', 'interviewer'],
  interviewer: ['interviewer'],
  compliance: [],
  editor: [],
};

/** Members a team may hold: more is a mistake, not a team. */
export const MAX_TEAM_MEMBERS = 50;

export const teamMemberInputSchema = z.object({
  userId: z.number().int().positive(),
  part: teamPartSchema,
});
export type TeamMemberInput = z.infer<typeof teamMemberInputSchema>;

/** PUT: the whole team as it should be (a person named twice is refused with 400). */
export const teamInputSchema = z.object({
  members: z.array(teamMemberInputSchema).max(MAX_TEAM_MEMBERS),
});
export type TeamInput = z.infer<typeof teamInputSchema>;

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  part: teamPartSchema,
  /** A deactivated account stays on the team (its history does) but reaches nothing. */
  isActive: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A person a team may name, as the team editor offers them. */
export const teamPersonSchema = teamMemberSchema.pick({
  userId: true,
  name: true,
  email: true,
  role: true,
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

/** GET and PUT answer the team: recruiters, then hiring managers, then interviewers, by name. */
export const teamSchema = z.object({
  jobId: z.number().int(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;
