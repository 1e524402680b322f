import { countryName, placeText, type PublicOpening } from '@lumenfield/contract';

/**
 * Every place of an opening with two or more, and a remote opening's countries, under its
 * location line on the job page (docs/careers.md). One place says no more than the line.
 */
export function JobPlaces({
  job,
}: {
  job: Pick<PublicOpening, 'locations' | 'remoteCountries' | 'workplaceType'>;
}) {
  const remote = job.workplaceType === 'REMOTE' && job.remoteCountries.length > 0;
  if (job.locations.length < 2 && !remote) return null;
  return (
    <div className="job-places">
      {job.locations.length > 1 ? (
        <>
          <p className="job-places__title">{job.locations.length} places:</p>
          <ul className="job-places__list">
            {/* The separator is text, not decoration: read, copied and found as " · ". */}
            {job.locations.map((place, index) => (
              <li key={index}>
                {placeText(place)}
                {index < job.locations.length - 1 ? (
                  <span className="job-places__separator">{' · '}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {remote ? (
        <p className="job-places__remote">
          Remote from {job.remoteCountries.map(countryName).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
