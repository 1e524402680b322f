import { applicationBody, pageWrite, pageWriteHeaders } from './applications';

/** A number in letters (0 -> 'a', 26 -> 'ba'): a name holds letters only. */
export function inLetters(n: number): string {
  const digit = String.fromCharCode(97 + (n % 26));
  return n < 26 ? digit : inLetters(Math.floor(n / 26)) + digit;
}

/** The first name of the `index`th applicant seedApplicants sends (from 0). */
export const seededFirstName = (index: number) => `Sam${inLetters(index)}`;

/**
 * `count` applications to one opening, sent as the careers page sends them (the XSRF cookie from
 * a GET, echoed), several at a time, so a list of hundreds is there in seconds. Names are
 * letters only, as the form asks: `lastName` too. Answers their ids.
 */
export async function seedApplicants(
  base: string,
  jobId: number,
  count: number,
  lastName: string,
  /** What the `index`th applicant answers to "How did you hear" (credited as their source). */
  referredBy: (index: number) => string = () => '',
): Promise<number[]> {
  const headers = await pageWriteHeaders(base);
  const one = async (index: number) => {
    const firstName = seededFirstName(index);
    const applied = await pageWrite(
      base,
      `/Jobs/SaveApplicantDetail?jobID=${jobId}`,
      applicationBody(
        {
          FirstName: firstName,
          LastName: lastName,
          Email: `${firstName}.${lastName}@example.com`.toLowerCase(),
          ReferredBy: referredBy(index),
        },
        `${firstName} ${lastName}'s resume`,
      ),
      headers,
    );
    if (applied.status !== 201) {
      throw new Error(`application ${index} answered ${applied.status}: ${await applied.text()}`);
    }
    return ((await applied.json()) as { ApplicantID: number }).ApplicantID;
  };
  const ids: number[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, i) => one(start + i));
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}
