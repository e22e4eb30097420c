// Every section of the `basket` namespace (the standalone app and tests).
import './actions';
import './basket';
import './common';
import './confirmation';
import './created';
import './header';
import './notifications';
import './offer';
import './offering';
import './withdrawal';
import './pledge';
import './gifts';
import './suggestions';
