/**
 * Letters that carry their accent in the letter itself, so that decomposing leaves them as they
 * are: each as a reader types it on a plain keyboard.
 */
const PLAIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Text as the applicants' search compares it: lower case, accents removed ("José Müller" is
 * "jose muller", "Łukasz" is "lukasz"). The one owner of that folding: the stored search text of
 * every applicant and every word searched for pass through it, so both always fold alike.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => PLAIN_LETTERS[letter]!)
    .normalize('NFC');
}

/** The fields of an applicant the search box looks in (besides the opening's title). */
export interface SearchedFields {
  firstName: string;
  lastName: string;
  email: string;
  city: string;
}

/**
 * An applicant's stored search text (applicants.search_text): the searched fields folded, one
 * space apart. A searched word holds no white space, so it is found in it exactly when it is
 * found within one of the fields.
 */
export function applicantSearchText({ firstName, lastName, email, city }: SearchedFields): string {
  return [firstName, lastName, email, city].map(foldForSearch).join(' ');
}
