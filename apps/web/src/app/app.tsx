import { HashRouter } from '@/lib/router';
import { AppRoutes } from './router';

export function App() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
