// libxcrypt's crypt(3): yescrypt hashes, as in /etc/shadow.
#ifndef CCRYPT_SHIM_H
#define CCRYPT_SHIM_H

#include <crypt.h>

#endif
