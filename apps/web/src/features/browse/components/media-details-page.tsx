import { useLoaderData } from 'react-router';
import type { MediaDetailsLoader } from '../api/browse-loaders';
import { AccessRefused, MediaDetailsView } from './browse-screen';

/** `/browse/:media/id/:id/:slug?`: one title's details, or why the member cannot open it. */
export function MediaDetailsPage() {
  const data = useLoaderData<MediaDetailsLoader>();
  if (!data || data instanceof Response) return null;
  return (
    <div className="page">
      {data.result.kind === 'refused' ? (
        <AccessRefused media={data.media} reason={data.result.reason} />
      ) : (
        <MediaDetailsView media={data.result.media} />
      )}
    </div>
  );
}

/** The route module's component, as React Router's `lazy` expects it. */
export { MediaDetailsPage as Component };
