// Every section of the content namespace (the standalone app and tests).
import './android';
import './common';
import './guides';
import './home';
import './notFound';
import './privacy';
