// Inter, self-hosted (no third-party font host: the CSP allows font-src 'self'), in the three
// weights the spec loads (400, 500, 700). Latin only: the UI's texts are English, and every
// other subset would be one more file on a cold load.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-700.css';
