import { CONSENT_DEFAULTS } from '../../config/constants';
import { h3, list, operator, p, table, type LegalDocument } from '../public-shared/legal-document';

/** Zdanie o statystykach użycia odpowiada faktycznemu ustawieniu domyślnemu aplikacji (specyfikacja §9). */
const analyticsDefault = CONSENT_DEFAULTS.analytics
  ? 'Statystyki użycia są domyślnie włączone; w każdej chwili możesz je wyłączyć w [Ustawieniach](/settings) — od tej chwili nie są wysyłane.'
  : 'Statystyki użycia są domyślnie wyłączone i są wysyłane dopiero po ich włączeniu w [Ustawieniach](/settings).';
const analyticsBasis = CONSENT_DEFAULTS.analytics
  ? 'nasz prawnie uzasadniony interes polegający na poznaniu sposobu korzystania z serwisu i dbaniu o jego szybkość (art. 6 ust. 1 lit. f RODO); ich wyłączenie jest Twoim sprzeciwem, który zawsze uwzględniamy'
  : 'Twoja zgoda (art. 6 ust. 1 lit. a RODO)';

export const privacyPl: LegalDocument = {
  title: 'Polityka prywatności',
  lead: 'Ta polityka wyjaśnia, jakie dane osobowe przetwarza Kadr, gdy korzystasz z serwisu, w jakim celu, jak długo, komu je przekazujemy i jakie masz prawa. Zbieramy tylko to, czego serwis potrzebuje, aby działać, przyjmować płatności i pozostać bezpiecznym.',
  updated: '2026-11-21',
  sections: [
    {
      id: 'controller',
      heading: '1. Kto odpowiada za Twoje dane',
      blocks: [
        p(
          'Administratorem Twoich danych osobowych jest operator serwisu Kadr („Kadr”, „my”), którego dane podajemy poniżej.',
        ),
        operator(
          'Dane operatora — do uzupełnienia przez operatora',
          'Nazwa i forma prawna: [[nazwa firmy i forma prawna]]',
          'Adres siedziby: [[ulica, kod pocztowy, miejscowość, kraj]]',
          'Rejestr: [[numer KRS lub wpis do CEIDG]], NIP: [[NIP]], REGON: [[REGON]]',
          'Kontakt w sprawach danych osobowych: [[adres e-mail]]',
          'Inspektor ochrony danych: [[imię, nazwisko i e-mail albo „nie wyznaczono”]]',
        ),
        p(
          'We wszystkich sprawach dotyczących tej polityki możesz pisać na powyższy adres. Jeśli wyznaczyliśmy inspektora ochrony danych, możesz kontaktować się także bezpośrednio z nim.',
        ),
      ],
    },
    {
      id: 'scope',
      heading: '2. Czego dotyczy ta polityka',
      blocks: [
        p(
          'Polityka dotyczy aplikacji internetowej Kadr: stron publicznych, logowania, generowania filmów, galerii, zakupu kredytów i planów oraz narzędzi administratora. Zasady korzystania z serwisu opisuje [Regulamin](/regulamin).',
        ),
        p(
          'Logowanie obsługuje zewnętrzny dostawca tożsamości, a płatności — Tpay. Każdy z nich przetwarza Twoje dane także na podstawie własnej polityki prywatności, z którą warto się zapoznać.',
        ),
      ],
    },
    {
      id: 'data',
      heading: '3. Jakie dane przetwarzamy, w jakim celu i na jakiej podstawie',
      blocks: [
        h3('Twoje konto'),
        p(
          'Przy pierwszym logowaniu dostawca tożsamości przekazuje nam Twój adres e-mail, imię i nazwisko (lub nazwę), informację, czy adres e-mail jest zweryfikowany, identyfikator Twojego konta u dostawcy oraz — jeśli jest dostępny — Twój język. Zakładamy konto z wewnętrznym identyfikatorem i zapisujemy datę rejestracji oraz ostatniego logowania. Bez adresu e-mail nie można założyć konta.',
        ),
        p(
          'Cel i podstawa: założenie i prowadzenie konta oraz świadczenie zamówionej usługi — wykonanie umowy (art. 6 ust. 1 lit. b RODO).',
        ),
        h3('Twoje opisy (prompty) i filmy'),
        p(
          'Przechowujemy wpisane przez Ciebie opisy, ustawienia każdego generowania (model, długość, jakość, szybkość), postęp i wynik każdego zadania (w tym kody błędów) oraz wygenerowane dla Ciebie filmy i obrazy podglądu. Widzisz je tylko Ty, a administrator — wyłącznie wtedy, gdy jest to potrzebne do wyjaśnienia zgłoszonego problemu lub utrzymania działania serwisu.',
        ),
        p(
          'Cel i podstawa: generowanie filmów i prowadzenie Twojej galerii — wykonanie umowy (art. 6 ust. 1 lit. b RODO).',
        ),
        h3('Kredyty, zamówienia, płatności i plany'),
        p(
          'Przechowujemy saldo Twoich kredytów i rejestr każdej jego zmiany (zakupy, kredyty zablokowane na czas generowania, pobrania, zwolnienia po nieudanym generowaniu), Twoje zamówienia (produkt, kwota w PLN, status, identyfikator transakcji Tpay i daty) oraz plan subskrypcji wraz z miesięcznym wykorzystaniem. Przy płatności przekazujemy Tpay Twój adres e-mail, imię i nazwisko, kwotę oraz opis zamówienia.',
        ),
        p(
          'Cel i podstawa: sprzedaż kredytów i planów oraz rozliczanie generowań — wykonanie umowy (art. 6 ust. 1 lit. b RODO); prowadzenie dokumentacji księgowej i podatkowej — obowiązek prawny (art. 6 ust. 1 lit. c RODO); rozpatrywanie reklamacji oraz obrona przed roszczeniami — nasz prawnie uzasadniony interes (art. 6 ust. 1 lit. f RODO).',
        ),
        h3('Twoje ustawienia'),
        p(
          'Zapisujemy wybrany przez Ciebie język interfejsu oraz dostawcę generowania filmów wybranego w ustawieniach. Motyw kolorystyczny i stan menu bocznego są przechowywane wyłącznie w Twojej przeglądarce.',
        ),
        p(
          'Cel i podstawa: wyświetlanie serwisu zgodnie z Twoimi ustawieniami — wykonanie umowy (art. 6 ust. 1 lit. b RODO).',
        ),
        h3('Bezpieczeństwo i dzienniki techniczne'),
        p(
          'Nasze serwery zapisują zdarzenia techniczne: czas, adres i wynik żądania, identyfikator Twojego konta, identyfikator korelacji łączący zapisy jednego żądania oraz szczegóły błędów. Twój adres IP służy do ograniczania liczby żądań (liczniki istnieją przez minutę) i do ochrony przed nadużyciami. Sesje są przechowywane na serwerze i rozpoznawane po losowym pliku cookie.',
        ),
        p(
          'Cel i podstawa: zapewnienie bezpieczeństwa i działania serwisu, wykrywanie i usuwanie usterek — nasz prawnie uzasadniony interes (art. 6 ust. 1 lit. f RODO).',
        ),
        h3('Statystyki użycia i zdalne raporty błędów (opcjonalne)'),
        p(
          `Po zalogowaniu aplikacja może wysyłać nam statystyki użycia — z jakich ekranów i funkcji korzystasz, czasy ładowania stron i czasy odpowiedzi naszych serwerów — oraz, osobno, raporty o błędach występujących w Twojej przeglądarce (treść błędu, jego ślad techniczny i adres strony bez parametrów zapytania). Jedne i drugie są wysyłane w ramach Twojej sesji, więc są powiązane z Twoim kontem. ${analyticsDefault} Zdalne raporty błędów są domyślnie wyłączone i są wysyłane tylko wtedy, gdy je włączysz w [Ustawieniach](/settings).`,
        ),
        p(
          `Podstawa: dla statystyk użycia — ${analyticsBasis}; dla zdalnych raportów błędów — Twoja zgoda (art. 6 ust. 1 lit. a RODO). Zgodę możesz wycofać w każdej chwili, co nie wpływa na zgodność z prawem wcześniejszego przetwarzania. Nie używamy narzędzi reklamowych ani śledzących podmiotów trzecich.`,
        ),
        h3('Stopniowe udostępnianie funkcji'),
        p(
          'Aby najpierw włączać nowe funkcje tylko części użytkowników, aplikacja zapisuje w Twojej przeglądarce losowy identyfikator i na jego podstawie ustala, czy dana funkcja jest włączona w tej przeglądarce. Nie mówi on nic o Tobie, nie jest powiązany z Twoim kontem i nigdy nie opuszcza Twojej przeglądarki.',
        ),
        p(
          'Podstawa: nasz prawnie uzasadniony interes polegający na bezpiecznym wprowadzaniu zmian (art. 6 ust. 1 lit. f RODO).',
        ),
        h3('Kontakt z nami'),
        p(
          'Gdy do nas piszesz — z pytaniem, reklamacją lub żądaniem dotyczącym danych — przetwarzamy Twoją wiadomość, dane kontaktowe i informacje, które nam przekażesz, aby odpowiedzieć i udokumentować sposób załatwienia sprawy. Podstawa: wykonanie umowy lub działania na Twoje żądanie (art. 6 ust. 1 lit. b), obowiązki prawne, np. przy reklamacjach (art. 6 ust. 1 lit. c), oraz nasz prawnie uzasadniony interes w prowadzeniu korespondencji (art. 6 ust. 1 lit. f RODO).',
        ),
      ],
    },
    {
      id: 'cookies',
      heading: '4. Pliki cookie i dane zapisywane w przeglądarce',
      blocks: [
        p(
          'Używamy wyłącznie plików cookie niezbędnych do działania serwisu. Nie stosujemy reklamowych ani śledzących plików cookie podmiotów trzecich. Dostawca tożsamości, u którego się logujesz, ustawia własne pliki cookie na swojej stronie.',
        ),
        table(
          'Pliki cookie ustawiane przez Kadr',
          ['Nazwa', 'Do czego służy', 'Jak długo'],
          [
            [
              'kadr_session',
              'Identyfikator Twojej sesji po zalogowaniu (HttpOnly: skrypty nie mogą go odczytać).',
              'Do wylogowania lub wygaśnięcia sesji: po 12 godzinach bez aktywności, najdłużej 7 dni (ustawienia domyślne).',
            ],
            [
              'kadr_csrf',
              'Token bezpieczeństwa potwierdzający, że zmiana pochodzi z naszej aplikacji (ochrona przed fałszowaniem żądań).',
              'Tak długo jak sesja.',
            ],
            [
              'kadr_login',
              'Łączy powrót od dostawcy tożsamości z rozpoczętym logowaniem.',
              '10 minut, tylko w trakcie logowania.',
            ],
          ],
        ),
        table(
          'Dane w pamięci lokalnej (local storage) przeglądarki',
          ['Klucz', 'Co zawiera', 'Jak długo'],
          [
            [
              'kadr.local',
              'Identyfikator konta, adres e-mail i nazwę z ostatniego sprawdzenia sesji, czas wygaśnięcia sesji, czas ostatniej aktywności, motyw kolorystyczny i stan menu bocznego.',
              'Do wylogowania (dane konta) lub wyczyszczenia danych przeglądarki.',
            ],
            [
              'kadr.query.v1',
              'Kopię danych niedawno pobranych z naszych serwerów (np. listy Twoich filmów), aby strony otwierały się szybciej.',
              'Najwyżej godzinę; usuwana przy wylogowaniu.',
            ],
            [
              'kadr.browserId',
              'Losowy identyfikator używany przy stopniowym udostępnianiu funkcji.',
              'Do wyczyszczenia danych przeglądarki.',
            ],
            [
              'kadr.consent',
              'Twoje wybory dotyczące statystyk użycia i zdalnych raportów błędów.',
              'Do ich zmiany lub wyczyszczenia danych przeglądarki.',
            ],
            ['kadr.language', 'Wybrany język interfejsu.', 'Do wyczyszczenia danych przeglądarki.'],
          ],
        ),
        p(
          'Zapisywanie tych informacji jest niezbędne do świadczenia usługi, o którą prosisz, dlatego zgodnie z polskim prawem komunikacji elektronicznej nie wymaga zgody; opcjonalne statystyki użycia i raporty błędów zależą od Twoich wyborów opisanych w punkcie 3.',
        ),
      ],
    },
    {
      id: 'recipients',
      heading: '5. Komu przekazujemy dane',
      blocks: [
        p('Udostępniamy dane tylko w zakresie potrzebnym do opisanych wyżej celów:'),
        list(
          'dostawcom hostingu i infrastruktury, którzy w naszym imieniu i na nasze polecenie utrzymują serwery, bazy danych i magazyn plików (podmioty przetwarzające): [[nazwa i kraj każdego dostawcy]];',
          'dostawcy tożsamości, u którego się logujesz — przekazuje nam dane Twojego konta przy logowaniu;',
          'Tpay — Krajowy Integrator Płatności S.A., ul. Św. Marcin 73/6, 61-808 Poznań — gdy płacisz za kredyty lub plan. Tpay przetwarza płatność jako odrębny administrator na podstawie własnej polityki prywatności; my otrzymujemy status płatności i identyfikator transakcji;',
          'fal.ai (Features and Labels, Inc., Stany Zjednoczone) — tylko jeśli wybierzesz tego dostawcę w ustawieniach: przekazujemy mu opis i ustawienia każdego rozpoczętego generowania, a zwrócony film przechowujemy u siebie. Przy wbudowanym rendererze (ustawienie domyślne) Twoje opisy nie opuszczają naszej infrastruktury;',
          'organom publicznym, sądom i innym podmiotom — wyłącznie gdy wymaga tego prawo.',
        ),
        p('Nie sprzedajemy Twoich danych i nie udostępniamy ich w celach reklamowych.'),
      ],
    },
    {
      id: 'transfers',
      heading: '6. Przekazywanie danych poza Europejski Obszar Gospodarczy',
      blocks: [
        p(
          'Twoje dane pozostają w Europejskim Obszarze Gospodarczym z jednym wyjątkiem: jeśli wybierzesz dostawcę fal.ai, opisy i ustawienia rozpoczętych generowań są przekazywane do Stanów Zjednoczonych. Takie przekazanie opiera się na zabezpieczeniach wymaganych przez RODO: [[zastosowany mechanizm, np. unijno-amerykańskie ramy ochrony danych (Data Privacy Framework) lub standardowe klauzule umowne]]. Kopię tych zabezpieczeń możesz otrzymać, kontaktując się z nami. Przy wbudowanym rendererze dane nie są przekazywane poza EOG w celu generowania filmów.',
        ),
      ],
    },
    {
      id: 'retention',
      heading: '7. Jak długo przechowujemy dane',
      blocks: [
        list(
          'Konto, ustawienia, opisy, filmy, kredyty i plan: tak długo, jak masz konto. Usunięty film jest kasowany razem z plikami.',
          'Sesje: do wylogowania lub wygaśnięcia sesji (domyślnie po 12 godzinach bez aktywności, najdłużej 7 dni). Rozpoczęte logowanie jest zapominane po 10 minutach.',
          'Krótkotrwałe zapisy techniczne: liczniki limitów żądań przez minutę, odpowiedzi przechowywane, aby ponowienie żądania było bezpieczne, przez 24 godziny, bufor bieżących aktualizacji postępu przez 15 minut.',
          'Dzienniki serwerów: [[okres przechowywania dzienników technicznych, np. 30 dni]].',
          'Dokumentacja księgowa i podatkowa Twoich płatności (np. faktury i potwierdzenia płatności): tak długo, jak wymagają tego przepisy podatkowe i o rachunkowości — co do zasady pięć lat od końca roku kalendarzowego, w którym powstał obowiązek podatkowy. Ta dokumentacja jest prowadzona poza aplikacją, więc usunięcie konta jej nie obejmuje.',
          'Korespondencja i reklamacje: do zakończenia sprawy, a następnie do przedawnienia związanych z nią roszczeń.',
        ),
        p(
          'Usunięcie konta: napisz do nas z adresu e-mail przypisanego do konta. Administrator usuwa wtedy konto wraz z trwałym wymazaniem danych, które kasuje Twoje dane ze wszystkich części serwisu — konto, sesje, opisy i zadania, filmy i podglądy, konto kredytowe, rejestr operacji, zamówienia, plan i ustawienie języka. Zostaje jedynie zapis o usunięciu (Twój wewnętrzny identyfikator, kiedy i przez kogo zlecono usunięcie — bez adresu e-mail i nazwy) oraz dziennik działań administratorów, potrzebne do wykazania, że Twoje żądanie zostało wykonane. Kopie w kopiach zapasowych znikają wraz z ich wygaśnięciem: [[okres przechowywania kopii zapasowych]].',
        ),
      ],
    },
    {
      id: 'rights',
      heading: '8. Twoje prawa',
      blocks: [
        p('Na podstawie RODO masz prawo do:'),
        list(
          'dostępu do swoich danych i otrzymania ich kopii (art. 15);',
          'sprostowania nieprawidłowych danych (art. 16) — imię, nazwisko i adres e-mail pochodzą od dostawcy tożsamości: zmień je tam i zaloguj się ponownie, a zostaną zaktualizowane w Kadr;',
          'usunięcia danych (art. 17) — zob. „Usunięcie konta” w punkcie 7;',
          'ograniczenia przetwarzania (art. 18);',
          'otrzymania przekazanych nam danych w ustrukturyzowanym formacie nadającym się do odczytu maszynowego oraz przesłania ich innemu administratorowi (art. 20);',
          'sprzeciwu wobec przetwarzania opartego na naszym prawnie uzasadnionym interesie (art. 21), np. wobec statystyk użycia;',
          'wycofania zgody w dowolnym momencie, bez wpływu na zgodność z prawem przetwarzania przed jej wycofaniem (art. 7 ust. 3);',
          'wniesienia skargi do organu nadzorczego — Prezesa Urzędu Ochrony Danych Osobowych, ul. Stawki 2, 00-193 Warszawa, [uodo.gov.pl](https://uodo.gov.pl).',
        ),
        p(
          'Aby skorzystać z tych praw, napisz na adres kontaktowy z punktu 1. Odpowiadamy bez zbędnej zwłoki, najpóźniej w ciągu miesiąca; w sprawach złożonych termin ten może zostać przedłużony o kolejne dwa miesiące, o czym poinformujemy Cię wraz z uzasadnieniem. Możemy poprosić o potwierdzenie tożsamości, np. przez wiadomość wysłaną z adresu e-mail przypisanego do konta.',
        ),
      ],
    },
    {
      id: 'required',
      heading: '9. Czy musisz podać dane',
      blocks: [
        p(
          'Korzystanie z Kadr jest dobrowolne. Adres e-mail od dostawcy tożsamości jest potrzebny do założenia konta, a dane, o które prosi Tpay — do zapłaty; bez nich nie możemy świadczyć usługi ani zrealizować zakupu. Statystyki użycia i raporty błędów są całkowicie opcjonalne.',
        ),
      ],
    },
    {
      id: 'automated',
      heading: '10. Zautomatyzowane decyzje',
      blocks: [
        p(
          'Nie podejmujemy wobec Ciebie decyzji opartych wyłącznie na zautomatyzowanym przetwarzaniu, które wywoływałyby skutki prawne lub w podobny sposób istotnie na Ciebie wpływały, i nie profilujemy Cię. Automatyczne działania serwisu — np. odmowa rozpoczęcia generowania przy braku kredytów czy losowy wybór przeglądarek dla nowej funkcji — działają według tych samych zasad dla wszystkich.',
        ),
      ],
    },
    {
      id: 'security',
      heading: '11. Jak chronimy Twoje dane',
      blocks: [
        p(
          'Połączenia z Kadr są szyfrowane (HTTPS). Sesje są przechowywane na serwerze; pliku cookie sesji nie mogą odczytać skrypty, a każda zmiana musi zawierać token bezpieczeństwa związany z Twoją sesją. Twoje filmy widzisz tylko Ty; narzędzia administratora są dostępne dla jednego wyznaczonego administratora, a jego działania są rejestrowane. Nasze serwery łączą się wyłącznie z zatwierdzonymi adresami zewnętrznymi. Żaden system nie jest całkowicie bezpieczny, ale stale przeglądamy i ulepszamy te zabezpieczenia.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: '12. Zmiany polityki',
      blocks: [
        p(
          'Aktualizujemy tę politykę, gdy zmienia się serwis lub prawo. Data ostatniej zmiany jest podana na górze strony. O istotnych zmianach poinformujemy w aplikacji, zanim wejdą w życie.',
        ),
      ],
    },
  ],
};
