import { LegalPage } from '../public-shared/LegalPage';
import { termsEn } from './terms-en';
import { termsPl } from './terms-pl';

const documents = { en: termsEn, pl: termsPl };

/** `/regulamin`: the terms of service in the interface language. */
export default function TermsPage() {
  return <LegalPage documents={documents} related={{ to: '/polityka-prywatnosci', label: 'privacy' }} />;
}
