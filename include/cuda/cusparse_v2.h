/* cusparse_v2.h - the name older programs include for cuSPARSE's API; the
 * whole API is in cusparse.h, as in the toolkit.
 * SPDX-License-Identifier: Apache-2.0
 */
#ifndef LOOM_CUDA_CUSPARSE_V2_H
#define LOOM_CUDA_CUSPARSE_V2_H
/* The toolkit header's guard. */
#define CUSPARSE_V2_H_

#include "cusparse.h"

#endif /* LOOM_CUDA_CUSPARSE_V2_H */
