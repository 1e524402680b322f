import { Link, type LinkProps } from '@lumenfield/page-kit';
import { routePath, type Query, type RouteId } from '@lumenfield/routes';

export interface AppLinkProps extends Omit<LinkProps, 'to'> {
  to: RouteId;
  query?: Query;
}

/** A link to one of our routes, built from the route table. */
export function AppLink({ to, query, ...rest }: AppLinkProps) {
  return <Link to={routePath(to, query)} {...rest} />;
}
