import { useI18n } from '../../../lib/i18n';
import type { Person } from '@member/domain';
import type { MediaDetails } from '../api/get-media-details';

/** Credit roles in the order a member reads them; each is a list of the people in it. */
const ROLES = ['artists', 'authors', 'narrators', 'directors', 'casts', 'writers', 'producers'] as const;

/** Who made a title, by role (spec section 3): one list per role the title has. */
export function MediaPeople({ media }: { media: MediaDetails }) {
  const { t } = useI18n();
  const credits = ROLES.map((role) => ({ role, people: media[role] })).filter(
    (credit): credit is { role: (typeof ROLES)[number]; people: Person[] } => credit.people.length > 0,
  );
  if (credits.length === 0) return null;
  return (
    <section className="media-details__section" aria-labelledby="media-people-title">
      <h2 className="browse-section__title" id="media-people-title">
        {t('browse.details.people')}
      </h2>
      <div className="media-people">
        {credits.map(({ role, people }) => (
          <div className="media-people__role" key={role}>
            <h3 className="media-people__label" id={`media-people-${role}`}>
              {t(`browse.roles.${role}`)}
            </h3>
            <ul className="media-people__list" aria-labelledby={`media-people-${role}`}>
              {people.map((person) => (
                <li key={person.id}>{person.title}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
