import { LegalPage } from '../public-shared/LegalPage';
import { privacyEn } from './privacy-en';
import { privacyPl } from './privacy-pl';

const documents = { en: privacyEn, pl: privacyPl };

/** `/polityka-prywatnosci`: the privacy policy in the interface language. */
export default function PrivacyPage() {
  return <LegalPage documents={documents} related={{ to: '/regulamin', label: 'terms' }} />;
}
