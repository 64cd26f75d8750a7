// zxcvbn-c (Debian libzxcvbn-dev), the dictionary compiled in: no ZxcvbnInit needed.
// The release binary links libzxcvbn.a (fully static); other builds its .so, since the
// .a is not position-independent.
#include <zxcvbn.h>
