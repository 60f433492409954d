// Matchers such as toBeInTheDocument / toHaveAttribute for every web test.
import '@testing-library/jest-dom';
