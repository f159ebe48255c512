/** Why a port could not be bound, in words for the person who chose it. */
export interface BindFailure {
  code: 'in-use' | 'permission' | 'no-such-address' | 'other';
  message: string;
}

export function explainBindFailure(error: unknown, address: string, port: number): BindFailure {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EADDRINUSE':
      return {
        code: 'in-use',
        message: `Port ${port} is already in use on ${address}: another program (or another Hearth) is listening there. Choose another port.`,
      };
    case 'EACCES':
    case 'EPERM':
      return {
        code: 'permission',
        message: `This computer does not allow Hearth to listen on port ${port}: ports below 1024 need administrator rights. Choose a port from 1024 up.`,
      };
    case 'EADDRNOTAVAIL':
      return {
        code: 'no-such-address',
        message: `This computer has no address ${address} any more (a network it left?). Choose another interface.`,
      };
    default:
      return {
        code: 'other',
        message: `Hearth could not listen on ${address} port ${port}: ${error instanceof Error ? error.message : String(error)}`,
      };
  }
}
