// SPDX-License-Identifier: MIT
// The development chain's stand-in for Tether USD (ADR 015). Never deployed to a real network:
// the owner can mint any amount. Build: `npm run build:test-token -w @sikka/server`.
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract TestUSDT is ERC20, Ownable {
    constructor() ERC20("Test Tether USD", "USDT") Ownable(msg.sender) {}

    /// Six places, as Tether's own contracts on Ethereum and most EVM chains.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// Only the deployer (the dev chain's funded account) mints, to fill the faucet.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
