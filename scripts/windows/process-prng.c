/* bcryptprimitives.dll for Wine 8, which lacks it: Rust's standard library asks Windows 10 and
 * later for random bytes through ProcessPrng. This gives them from RtlGenRandom
 * (SystemFunction036), which Wine has. Only the test prefix gets it (scripts/windows/wine.sh);
 * the game never ships it, since a real Windows has the system's own. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
