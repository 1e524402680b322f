import { RESUME_LIMIT_TEXT } from '../application/application-form';

const steps = [
  {
    title: 'Pick a role',
    text: 'Open any position to read what the team does, who leads it and who to ask.',
  },
  {
    title: 'Easy Apply',
    text: `Fill in a short form and attach your resume (${RESUME_LIMIT_TEXT}). Nothing you type is lost if something goes wrong.`,
  },
  {
    title: 'Hear from a recruiter',
    text: 'A recruiter reviews your application and contacts you by e-mail or phone when there is a match.',
  },
];

/** A short explanation of applying, under the list: what a job seeker wants to know first. */
export function ApplySteps() {
  return (
    <section className="apply-steps" aria-labelledby="apply-steps-title">
      <div className="container">
        <h2 id="apply-steps-title" className="apply-steps__title">
          How applying works
        </h2>
        <ol className="apply-steps__list">
          {steps.map((step, index) => (
            <li key={step.title} className="apply-steps__item">
              <span className="apply-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="apply-steps__heading">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
