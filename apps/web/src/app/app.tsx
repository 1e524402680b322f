import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './router';

export function App() {
  return (
    // Without transitions a navigation shows its loading state at once, rather than keeping the
    // old screen up with no sign that anything is happening while a screen's chunk loads.
    <HashRouter useTransitions={false}>
      <AppRoutes />
    </HashRouter>
  );
}
