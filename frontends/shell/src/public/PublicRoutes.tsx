import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Titled } from '../pages/page-title';
import { ContentPage } from './ContentPage';
import { LEGAL_PAGES } from './content/legal';
import { MARKETING_PAGES } from './content/marketing';
import { HomePage } from './HomePage';
import { PricingPage } from './PricingPage';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';
import './public.css';

/** Public pages with the marketing header and footer (login and signup are outside this chunk). */
export default function PublicRoutes() {
  return (
    <>
      <PublicHeader />
      <main style={{ minHeight: 'calc(100vh - 64px)' }}>
        <Routes>
          <Route path="/" element={<Titled title="AI chat and voice agents"><HomePage /></Titled>} />
          <Route path="/landing2" element={<Titled title="AI chat and voice agents"><HomePage /></Titled>} />
          <Route path="/pricing" element={<Titled title="Pricing"><PricingPage /></Titled>} />
          {[...MARKETING_PAGES, ...LEGAL_PAGES].map((page) => (
            <Route key={page.path} path={page.path} element={<Titled title={page.title}><ContentPage page={page} /></Titled>} />
          ))}
          <Route path="*" element={<Titled title="Page not found"><NotFoundPage /></Titled>} />
        </Routes>
      </main>
      <PublicFooter />
    </>
  );
}
