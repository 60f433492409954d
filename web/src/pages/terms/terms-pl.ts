import { JOB_DURATIONS_SECONDS, PLAN_QUOTAS } from '../../config/constants';
import { h3, list, operator, ordered, p, type LegalDocument } from '../public-shared/legal-document';

const { starter, pro, enterprise } = PLAN_QUOTAS;
const durations = JOB_DURATIONS_SECONDS.map((s) => `${s} s`).join(', ');
const resolutionName = (resolution: string) => (resolution === '2160p' ? '4K (2160p)' : resolution);

export const termsPl: LegalDocument = {
  title: 'Regulamin',
  lead: 'Regulamin określa, jak działa Kadr, co otrzymujesz, kupując kredyty lub plan, czego nie wolno robić w serwisie i co się dzieje, gdy coś pójdzie nie tak. Przeczytaj go przed pierwszym zalogowaniem — zakładając konto, akceptujesz jego postanowienia.',
  updated: '2026-11-21',
  sections: [
    {
      id: 'operator',
      heading: '1. Kto świadczy usługę',
      blocks: [
        p(
          'Serwis Kadr prowadzi wskazany niżej operator („Usługodawca”, „my”). Niniejszy dokument jest regulaminem świadczenia usług drogą elektroniczną w rozumieniu ustawy z dnia 18 lipca 2002 r. o świadczeniu usług drogą elektroniczną.',
        ),
        operator(
          'Dane operatora — do uzupełnienia przez operatora',
          'Nazwa i forma prawna: [[nazwa firmy i forma prawna]]',
          'Adres siedziby: [[ulica, kod pocztowy, miejscowość, kraj]]',
          'Rejestr: [[numer KRS lub wpis do CEIDG]], NIP: [[NIP]], REGON: [[REGON]]',
          'E-mail do pytań, reklamacji i odstąpień od umowy: [[adres e-mail]]',
          'Adres do korespondencji: [[adres]]',
        ),
      ],
    },
    {
      id: 'definitions',
      heading: '2. Pojęcia',
      blocks: [
        list(
          'Serwis — aplikacja internetowa Kadr wraz ze wszystkimi jej funkcjami.',
          'Użytkownik, Ty — osoba posiadająca konto. Konsument to użytkownik korzystający z Kadr w celu niezwiązanym bezpośrednio z jego działalnością gospodarczą lub zawodową; przedsiębiorca będący osobą fizyczną, dla którego umowa nie ma charakteru zawodowego, korzysta z takiej samej ochrony jak konsument (art. 38a ustawy o prawach konsumenta).',
          'Opis (prompt) — wpisany przez Ciebie tekstowy opis filmu.',
          'Generowanie — utworzenie jednego filmu z jednego opisu przy wybranych ustawieniach.',
          'Kredyty — jednostki na Twoim koncie, którymi płacisz za generowania. Kredyty nie są pieniędzmi, nie można ich wymienić na pieniądze ani przekazać innej osobie.',
          'Plan — subskrypcja (Starter, Pro lub Enterprise) dająca miesięczną pulę generowań do określonej maksymalnej rozdzielczości.',
        ),
      ],
    },
    {
      id: 'service',
      heading: '3. Co robi Kadr',
      blocks: [
        p(
          `Opisujesz scenę, wybierasz model, długość (${durations}), jakość i szybkość, a Kadr tworzy na tej podstawie film. Generowanie odbywa się w tle na naszych serwerach; jego postęp widzisz na bieżąco i w tym czasie możesz opuścić stronę. Gotowe filmy trafiają do Twojej prywatnej galerii, gdzie możesz je oglądać.`,
        ),
        p(
          'Filmy tworzy dostawca generowania: domyślnie renderer wbudowany w Kadr albo — jeśli jest dostępny i wybierzesz go w ustawieniach — dostawca zewnętrzny (obecnie fal.ai). Wyniki powstają automatycznie; mogą różnić się od tego, co sobie wyobrażasz, a ten sam opis może dać różne wyniki. Dostępne modele, jakości i szybkości są pokazane w generatorze i mogą się z czasem zmieniać.',
        ),
        p('Założenie i prowadzenie konta jest bezpłatne. Za generowania płacisz kredytami lub w ramach puli planu.'),
      ],
    },
    {
      id: 'requirements',
      heading: '4. Wymagania techniczne',
      blocks: [
        list(
          'urządzenie z dostępem do internetu i aktualną wersją popularnej przeglądarki (np. Chrome, Edge, Firefox lub Safari) z włączoną obsługą JavaScript, plików cookie i pamięci lokalnej;',
          'konto u dostawcy tożsamości używanego do logowania w Kadr, z adresem e-mail;',
          'do płatności — metoda płatności oferowana przez Tpay.',
        ),
        p(
          'Korzystanie z internetu wiąże się z ogólnymi zagrożeniami (np. złośliwym oprogramowaniem lub przechwyceniem danych); sposób ochrony serwisu opisujemy w [Polityce prywatności](/polityka-prywatnosci).',
        ),
      ],
    },
    {
      id: 'account',
      heading: '5. Konto',
      blocks: [
        p(
          'Konto zakładasz, logując się po raz pierwszy przez dostawcę tożsamości i akceptując Regulamin; z tą chwilą zostaje zawarta umowa o świadczenie usługi na czas nieokreślony. Musisz mieć ukończone 18 lat albo zgodę przedstawiciela ustawowego. Konto jest osobiste: nie udostępniaj go innym. Chroń swoje dane logowania i niezwłocznie daj nam znać, jeśli podejrzewasz, że ktoś inny korzysta z Twojego konta.',
        ),
        p(
          'Możesz w każdej chwili przestać korzystać z Kadr i poprosić o usunięcie konta, pisząc na adres kontaktowy z punktu 1 z adresu e-mail przypisanego do konta. Usunięcie konta kasuje wszystkie jego dane, w tym filmy, jak opisano w Polityce prywatności. Niewykorzystane kredyty i pozostała część trwającego planu wygasają wraz z kontem i nie podlegają wypłacie, chyba że przepisy stanowią inaczej.',
        ),
      ],
    },
    {
      id: 'credits',
      heading: '6. Kredyty',
      blocks: [
        list(
          'Kredyty kupujesz w pakietach. Pakiety i ich ceny są pokazane w cenniku na stronie głównej i na stronie zakupu kredytów.',
          'Kredyty nigdy nie wygasają.',
          'Każde generowanie kosztuje liczbę kredytów zależną od modelu, długości, jakości i szybkości. Cena jest widoczna przed rozpoczęciem generowania; rozpoczynając je, akceptujesz tę cenę.',
          'Po rozpoczęciu generowania jego cena zostaje zablokowana na Twoim koncie. Gdy film jest gotowy, zablokowane kredyty zostają pobrane. Jeśli generowanie się nie powiedzie albo zadanie zostanie usunięte przed zakończeniem, blokada jest zwalniana i nic nie płacisz.',
          'Jeśli nie masz wystarczającej liczby kredytów, generowanie się nie rozpocznie.',
          'Kredyty nie podlegają zwrotowi, chyba że wymagają tego przepisy — w szczególności w ramach Twoich praw konsumenta opisanych w punktach 9 i 13 oraz w sytuacji opisanej w punkcie 15.',
        ),
      ],
    },
    {
      id: 'plans',
      heading: '7. Plany (subskrypcje)',
      blocks: [
        list(
          `Starter — ${starter.monthlyGenerations} generowań w okresie miesięcznym, do ${resolutionName(starter.maxResolution)}.`,
          `Pro — ${pro.monthlyGenerations} generowań w okresie miesięcznym, do ${resolutionName(pro.maxResolution)}.`,
          `Enterprise — ${enterprise.monthlyGenerations === null ? 'bez limitu generowań' : `${enterprise.monthlyGenerations} generowań w okresie miesięcznym`}, do ${resolutionName(enterprise.maxResolution)}; cena i warunki są ustalane indywidualnie w odrębnej umowie.`,
        ),
        p(
          'Plan trwa jeden miesiąc kalendarzowy od chwili aktywacji (np. od 31 stycznia do 28 lutego). Generowanie w ramach puli i w rozdzielczości objętej planem nie kosztuje kredytów; po wyczerpaniu puli albo powyżej rozdzielczości planu jest opłacane kredytami. Niewykorzystane generowania nie przechodzą na kolejny okres.',
        ),
        p(
          'Plany nie odnawiają się automatycznie i nigdy nie pobieramy opłat bez Twojego działania: każdy okres kupujesz osobno. Zakup tego samego planu w trakcie jego trwania dodaje kolejny okres. Inny plan można kupić po zakończeniu bieżącego.',
        ),
        p(
          'Plan możesz anulować w każdej chwili na stronie Subskrypcja. Pozostaje on wtedy aktywny do końca opłaconego okresu i nie jest kontynuowany. Anulowanie nie daje prawa do zwrotu za bieżący okres, chyba że wymagają tego przepisy.',
        ),
      ],
    },
    {
      id: 'payments',
      heading: '8. Ceny i płatności',
      blocks: [
        list(
          'Ceny są podawane w złotych polskich (PLN) i są cenami brutto, zawierającymi należne podatki.',
          'Płatności obsługuje Tpay — Krajowy Integrator Płatności S.A., ul. Św. Marcin 73/6, 61-808 Poznań — za pomocą metod płatności oferowanych przez Tpay. Sama płatność podlega zasadom Tpay.',
          'Umowa sprzedaży kredytów lub planu zostaje zawarta z chwilą złożenia zamówienia i zapłaty. Kredyty są dopisywane, a plan aktywowany automatycznie, gdy tylko Tpay potwierdzi płatność.',
          'Zamówienie nieopłacone w terminie wygasa; nie pobieramy za nie żadnej opłaty.',
          'Wystawiamy fakturę lub paragon zgodnie z przepisami; [[sposób zamówienia faktury]].',
        ),
      ],
    },
    {
      id: 'withdrawal',
      heading: '9. Prawo odstąpienia od umowy (konsumenci)',
      blocks: [
        p(
          'Jako konsument możesz co do zasady odstąpić od umowy zawartej na odległość w terminie 14 dni bez podawania przyczyny. W Kadr wygląda to następująco:',
        ),
        list(
          'Kredyty są treścią cyfrową niedostarczaną na nośniku materialnym. Jeśli przed zapłatą wyraźnie zgodziłeś się na ich dostarczenie od razu — przed upływem terminu do odstąpienia — i przyjąłeś do wiadomości, że tracisz w ten sposób prawo odstąpienia, prawo to nie przysługuje od chwili dopisania kredytów do konta (art. 38 ust. 1 pkt 13 ustawy o prawach konsumenta). Potwierdzamy Ci tę zgodę.',
          'Plan jest usługą cyfrową. Możesz odstąpić od umowy w ciągu 14 dni od zakupu. Jeśli zażądałeś rozpoczęcia planu od razu, zwracamy cenę pomniejszoną o wartość usługi świadczonej do chwili odstąpienia, w zakresie, w jakim pozwalają na to przepisy.',
          'Jeśli nie wyraziłeś opisanej wyżej zgody, możesz odstąpić od umowy w ciągu 14 dni od zakupu, a my zwrócimy pełną cenę.',
        ),
        p(
          'Aby odstąpić od umowy, wyślij nam przed upływem terminu jednoznaczne oświadczenie — np. e-mailem na adres z punktu 1; możesz, ale nie musisz, skorzystać z wzoru formularza stanowiącego załącznik nr 2 do ustawy o prawach konsumenta. Zwracamy płatność niezwłocznie, nie później niż w ciągu 14 dni od otrzymania oświadczenia, tą samą metodą płatności, której użyłeś, chyba że zgodzisz się na inną; zwrot nie wiąże się dla Ciebie z żadnymi kosztami. Kredyty objęte odstąpieniem są usuwane z konta.',
        ),
      ],
    },
    {
      id: 'acceptable-use',
      heading: '10. Zasady korzystania',
      blocks: [
        p('Korzystasz z Kadr zgodnie z prawem, Regulaminem i dobrymi obyczajami. W szczególności nie wolno:'),
        list(
          'wpisywać opisów ani tworzyć filmów o treści bezprawnej, w tym seksualizującej małoletnich, nawołującej do przemocy lub nienawiści, propagującej terroryzm albo naruszającej cudze prawa autorskie, znaki towarowe, wizerunek lub inne dobra osobiste;',
          'tworzyć materiałów mających wprowadzać w błąd co do prawdziwych osób lub zdarzeń (np. fałszywych nagrań prawdziwych osób przedstawianych jako autentyczne) ani służących nękaniu, zastraszaniu lub zniesławianiu kogokolwiek;',
          'używać Kadr do wysyłania spamu, złośliwego oprogramowania ani do innej bezprawnej działalności;',
          'próbować włamać się do serwisu lub kont innych użytkowników, przeciążać go, obchodzić jego limity, zabezpieczenia lub płatności ani korzystać z niego w sposób zautomatyzowany inaczej niż przez zwykłe użycie aplikacji;',
          'odsprzedawać dostępu do Kadr ani udostępniać go innym bez naszej pisemnej zgody.',
        ),
        p(
          'Jeśli zauważysz treść naruszającą prawo lub Regulamin, zgłoś ją na adres kontaktowy z punktu 1, wskazując, gdzie się znajduje i dlaczego uważasz ją za bezprawną. Zgłoszenia rozpatrujemy niezwłocznie i informujemy zainteresowaną osobę o podjętej decyzji wraz z uzasadnieniem.',
        ),
        p(
          'Możemy odrzucić opis, przerwać generowanie lub usunąć treść naruszającą te zasady. W razie poważnego lub powtarzającego się naruszenia możemy zablokować konto lub rozwiązać umowę zgodnie z punktem 15.',
        ),
      ],
    },
    {
      id: 'content',
      heading: '11. Twoje treści i prawa do nich',
      blocks: [
        p(
          'Twoje opisy pozostają Twoje. Wygenerowane dla Ciebie filmy służą Tobie: w relacji między Tobą a nami możesz z nich korzystać w dowolnym zgodnym z prawem celu, także komercyjnym. Pamiętaj, że treści tworzone automatycznie mogą nie podlegać ochronie prawa autorskiego, a podobne wyniki mogą powstać także dla innych użytkowników.',
        ),
        p(
          'Abyśmy mogli świadczyć usługę, udzielasz nam niewyłącznej, nieodpłatnej licencji na przechowywanie, przetwarzanie, zwielokrotnianie i wyświetlanie Twoich opisów i filmów — Tobie oraz dostawcy generowania, którego wybierzesz — przez czas, w którym znajdują się na Twoim koncie. Nie wykorzystujemy ich w żadnym innym celu i nie pokazujemy ich innym użytkownikom.',
        ),
        p(
          'Odpowiadasz za wpisywane opisy i sposób korzystania z filmów, w szczególności za to, by nie naruszały niczyich praw. Oprogramowanie, nazwa, logo i wygląd Kadr należą do nas lub naszych licencjodawców; nie możesz ich kopiować poza zwykłym korzystaniem z serwisu.',
        ),
      ],
    },
    {
      id: 'availability',
      heading: '12. Dostępność serwisu',
      blocks: [
        p(
          'Staramy się, aby Kadr był dostępny przez cały czas, ale nie gwarantujemy nieprzerwanego działania. Mogą wystąpić przerwy na konserwację, aktualizacje lub z powodu awarii, w tym awarii dostawcy tożsamości, Tpay lub zewnętrznego dostawcy generowania; o planowanych przerwach informujemy w aplikacji, gdy jest to możliwe. Czas generowania zależy od długości, jakości, szybkości i bieżącego obciążenia.',
        ),
        p(
          'Możemy rozwijać i zmieniać serwis — np. dodawać lub wycofywać modele albo zmieniać wygląd aplikacji. Nie ograniczymy tego, za co już zapłaciłeś: kredyty zachowują ważność, a opłacony plan zachowuje pulę do końca swojego okresu.',
        ),
      ],
    },
    {
      id: 'complaints',
      heading: '13. Reklamacje',
      blocks: [
        p('Jeśli coś nie działa tak, jak powinno, możesz złożyć reklamację:'),
        ordered(
          'Wyślij ją e-mailem na adres z punktu 1 (albo pocztą na adres do korespondencji).',
          'Podaj adres e-mail swojego konta, opisz problem i swoje oczekiwania, a jeśli to możliwe — datę, numer zamówienia lub identyfikator generowania oraz komunikat błędu z jego identyfikatorem korelacji (correlation ID).',
          'Odpowiadamy w ciągu 14 dni od otrzymania reklamacji, e-mailem, chyba że poprosisz o inną formę. Jeśli nie odpowiemy na reklamację konsumenta w tym terminie, uważa się ją za uznaną.',
        ),
        p(
          'Konsumentom przysługują także uprawnienia przewidziane przepisami w razie braku zgodności treści lub usługi cyfrowej z umową (rozdział 5b ustawy o prawach konsumenta), w tym doprowadzenie do zgodności, obniżenie ceny lub odstąpienie od umowy. Możesz również skorzystać z pozasądowych sposobów rozwiązywania sporów, np. z pomocy miejskiego lub powiatowego rzecznika konsumentów albo mediacji prowadzonej przez wojewódzkiego inspektora Inspekcji Handlowej; informacje znajdziesz na [uokik.gov.pl](https://uokik.gov.pl).',
        ),
      ],
    },
    {
      id: 'liability',
      heading: '14. Odpowiedzialność',
      blocks: [
        p(
          'Odpowiadamy za świadczenie usługi zgodnie z Regulaminem i przepisami. Nie odpowiadamy za treść opisów wpisywanych przez użytkowników ani za sposób, w jaki korzystają oni z filmów, za przerwy spowodowane siłą wyższą lub działaniem podmiotów trzecich, na które nie mamy wpływu, ani za wyniki odbiegające od Twoich oczekiwań, jeśli serwis działał zgodnie z opisem.',
        ),
        p(
          'Wobec użytkowników niebędących konsumentami (ani przedsiębiorcami korzystającymi z ochrony konsumenckiej) nasza odpowiedzialność jest ograniczona do rzeczywistej szkody do wysokości kwoty zapłaconej nam przez użytkownika w ciągu 12 miesięcy przed jej powstaniem i nie obejmuje utraconych korzyści. Żadne postanowienie Regulaminu nie wyłącza ani nie ogranicza odpowiedzialności, której zgodnie z prawem nie można wyłączyć ani ograniczyć, w szczególności za szkodę wyrządzoną umyślnie, ani uprawnień przysługujących konsumentom na podstawie bezwzględnie obowiązujących przepisów.',
        ),
      ],
    },
    {
      id: 'termination',
      heading: '15. Rozwiązanie umowy',
      blocks: [
        p(
          'Możesz rozwiązać umowę w każdej chwili, prosząc o usunięcie konta (punkt 5). My możemy ją rozwiązać z 14-dniowym wypowiedzeniem z ważnych powodów — np. zakończenia świadczenia usługi — albo ze skutkiem natychmiastowym, jeśli poważnie naruszysz Regulamin, w szczególności punkt 10. Jeśli rozwiążemy umowę bez naruszenia z Twojej strony, zwrócimy wartość niewykorzystanych kredytów i niewykorzystanej części opłaconego planu.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: '16. Zmiany Regulaminu',
      blocks: [
        p(
          'Możemy zmienić Regulamin z ważnych przyczyn: zmiany przepisów, zmiany sposobu działania lub oferty serwisu albo potrzeb bezpieczeństwa. O zmianie poinformujemy w aplikacji lub e-mailem co najmniej 14 dni przed jej wejściem w życie. Jeśli jej nie akceptujesz, możesz rozwiązać umowę przed tą datą; kupione kredyty i opłacony plan zachowują ważność na zasadach obowiązujących w chwili zakupu.',
        ),
      ],
    },
    {
      id: 'law',
      heading: '17. Prawo właściwe i spory',
      blocks: [
        p(
          'Regulamin i umowy zawierane na jego podstawie podlegają prawu polskiemu. Konsument zachowuje ochronę przyznaną mu przez bezwzględnie obowiązujące przepisy prawa państwa, w którym ma miejsce zwykłego pobytu. Spory rozstrzygają sądy właściwe według przepisów ogólnych; w przypadku użytkowników niebędących konsumentami — sąd właściwy dla naszej siedziby.',
        ),
        p('Zasady przetwarzania danych osobowych opisuje [Polityka prywatności](/polityka-prywatnosci).'),
      ],
    },
    {
      id: 'contact',
      heading: '18. Kontakt',
      blocks: [
        h3('Jak się z nami skontaktować'),
        p(
          'Napisz na adres e-mail podany w punkcie 1 — z pytaniami, reklamacjami, odstąpieniem od umowy, zgłoszeniem bezprawnych treści, zapytaniem o plan Enterprise lub żądaniem dotyczącym Twoich danych.',
        ),
      ],
    },
  ],
};
